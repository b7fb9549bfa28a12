//! Bounded work: every leaf of every generator's default parameters, nested
//! tables and lists included, set to 0, -1 and a huge value one at a time,
//! gives either a clean refusal or a result within a time budget. Built
//! with overflow checks on (the test profile), so an arithmetic overflow
//! anywhere fails the test too.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use boardwright::Seed;
use boardwright::hexet::Hexet;
use boardwright::params::Params as _;
use boardwright::starship::Starship;
use boardwright::universe::Universe;
use boardwright::witches::Witches;
use boardwright::{GENERATORS, Generator, Registered, Visit};
use toml::{Table, Value};

/// How long one generation may take, in the test profile, on a slow machine.
const BUDGET: Duration = Duration::from_secs(20);

/// One step into a TOML value.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// The path of every scalar inside `value`.
fn leaves(value: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match value {
        Value::Table(t) => {
            for (k, v) in t {
                path.push(Step::Key(k.clone()));
                leaves(v, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i));
                leaves(v, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Step::Key(k) => v.as_table_mut().unwrap().get_mut(k).unwrap(),
        Step::Index(i) => &mut v.as_array_mut().unwrap()[*i],
    })
}

fn show(path: &[Step]) -> String {
    let mut s = String::new();
    for step in path {
        match step {
            Step::Key(k) if s.is_empty() => s.push_str(k),
            Step::Key(k) => s.push_str(&format!(".{k}")),
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// The values each leaf is set to, by the leaf's own type.
fn extremes(original: &Value) -> Vec<Value> {
    match original {
        Value::Float(_) => vec![
            Value::Float(0.0),
            Value::Float(-1.0),
            Value::Float(1e9),
            Value::Integer(1_000_000_000),
        ],
        Value::String(_) => vec![Value::String(String::new()), Value::Integer(0), Value::String("x".repeat(10_000))],
        _ => vec![Value::Integer(0), Value::Integer(-1), Value::Integer(1_000_000_000)],
    }
}

/// Generates in a thread and waits at most [`BUDGET`]: a stall fails the
/// test instead of hanging it.
fn generate_within<G: Registered>(params: G::Params, what: &str) {
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    std::thread::spawn(move || {
        let result = G::generate_with(&params, &Seed::new("limits"), &mut ()).map(|_| ());
        let _ = tx.send(result);
    });
    match rx.recv_timeout(BUDGET) {
        Ok(_) => {}
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{}: {what} panicked", G::NAME),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{}: {what} took more than {BUDGET:?}", G::NAME),
    }
    let took = start.elapsed();
    assert!(took < BUDGET, "{}: {what} took {took:?}", G::NAME);
}

fn check_every_leaf<G: Registered>() {
    let defaults = Value::Table(G::Params::defaults());
    let mut paths = Vec::new();
    leaves(&defaults, &mut Vec::new(), &mut paths);
    assert!(paths.len() > 3, "{}: too few leaves", G::NAME);
    for path in &paths {
        let mut probe = defaults.clone();
        for value in extremes(at(&mut probe, path)) {
            *at(&mut probe, path) = value.clone();
            let layer: Table = probe.as_table().unwrap().clone();
            let what = format!("{} = {value}", show(path));
            match std::panic::catch_unwind(|| G::Params::resolve(&[layer])) {
                Err(_) => panic!("{}: resolving {what} panicked", G::NAME),
                Ok(Err(e)) => {
                    let message = e.to_string();
                    assert!(!message.is_empty(), "{}: {what}: empty message", G::NAME);
                }
                Ok(Ok(params)) => generate_within::<G>(params, &what),
            }
        }
    }
}

/// One test per generator, so that they run side by side.
macro_rules! every_leaf {
    ($($test:ident: $generator:ty),* $(,)?) => {$(
        #[test]
        fn $test() {
            check_every_leaf::<$generator>();
        }
    )*};
}

every_leaf!(
    universe_every_leaf_is_refused_or_bounded: Universe,
    witches_every_leaf_is_refused_or_bounded: Witches,
    starship_every_leaf_is_refused_or_bounded: Starship,
    hexet_every_leaf_is_refused_or_bounded: Hexet,
);

/// The defaults, and every preset, pass the same way.
#[test]
fn presets_are_bounded() {
    struct Presets;
    impl Visit for Presets {
        type Output = ();
        fn visit<G: Registered>(self) {
            for (name, _) in G::Params::PRESETS {
                let p = G::Params::resolve(&[G::Params::preset(name).unwrap()]).unwrap();
                generate_within::<G>(p, &format!("preset {name}"));
            }
            generate_within::<G>(G::Params::default(), "the defaults");
        }
    }
    for name in GENERATORS {
        boardwright::with_generator(name, Presets);
    }
}

/// A stop flag ends generation: set before, every generator gives
/// `Error::Stopped` at once; set while a large universe board relaxes, the
/// generation ends long before the board would be done, and the same board
/// unstopped is the board made without any flag.
#[test]
fn a_stop_flag_ends_generation() {
    struct Stopped;
    impl Visit for Stopped {
        type Output = Result<(), String>;
        fn visit<G: Registered>(self) -> Result<(), String> {
            let stop = boardwright::Stop::new();
            stop.stop();
            match G::generate_with(&G::Params::default(), &Seed::new("stop"), &mut stop.clone()) {
                Err(boardwright::Error::Stopped) => Ok(()),
                Err(e) => Err(format!("{}: {e}", G::NAME)),
                Ok(_) => Err(format!("{}: a board despite the stop", G::NAME)),
            }
        }
    }
    for name in GENERATORS {
        boardwright::with_generator(name, Stopped).unwrap().unwrap();
    }
    let large = boardwright::universe::Params {
        resolution: Some(200),
        iterations: 400,
        ..Default::default()
    };
    let seed = Seed::new("stop");
    let whole = Instant::now();
    let board = Universe::generate(&large, &seed).unwrap();
    let whole = whole.elapsed();
    let stop = boardwright::Stop::new();
    let setter = {
        let stop = stop.clone();
        let after = whole / 10;
        std::thread::spawn(move || {
            std::thread::sleep(after);
            stop.stop();
        })
    };
    let stopped = Instant::now();
    let result = Universe::generate_with(&large, &seed, &mut stop.clone());
    let stopped = stopped.elapsed();
    setter.join().unwrap();
    assert!(matches!(result, Err(boardwright::Error::Stopped)), "{result:?}");
    assert!(stopped < whole / 2, "stopped after {stopped:?}; the whole board takes {whole:?}");
    let again = Universe::generate_with(&large, &seed, &mut boardwright::Stop::new()).unwrap();
    assert_eq!(again, board, "a flag never set changes nothing");
}
