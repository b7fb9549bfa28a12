//! Files written whole or not at all: output goes to a temporary file of its
//! own name beside the target (beside the file a symbolic link points to),
//! renamed over it once everything succeeded, so a failed write leaves the
//! file as it was. What is no regular file (`/dev/null`, a named pipe, a
//! terminal) is written into directly: it cannot be replaced, and holds no
//! file to lose. "-" or no path is stdout.
//!
//! A temporary is named `.NAME.PID-N.tmp-boardwright`: the target's name,
//! the writing process's id and a count of its writes. Those a process has
//! open are listed while they exist, so that a process stopped by a signal
//! removes them with [`remove_temporaries`] before it exits. A process
//! killed outright (`kill -9`, a power cut) leaves its temporary behind;
//! the next write of the same target removes the temporaries of that name
//! whose process is no longer running: on Linux, whose `/proc/PID` does not
//! exist, and which no process holds locked (the writer locks its
//! temporary, so one of a live process in another PID namespace is kept
//! too). Where there is no `/proc`, they are left.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Why a file was not written, in words naming it.
#[derive(Debug)]
pub enum WriteError {
    /// The path names no file that can be written (a directory, a path
    /// without a file name): the caller's mistake, nothing was tried.
    BadPath(String),
    /// Producing or writing the bytes failed.
    Failed(String),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::BadPath(message) | WriteError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for WriteError {}

/// What writes a file's bytes into the writer it is given.
pub type Produce<'a> = &'a dyn Fn(&mut dyn Write) -> io::Result<()>;

/// Writes through `produce` to `path` ("-" or none: stdout). A symbolic link
/// is followed: the file it points to is replaced, the link stays; a file
/// written over keeps its permissions.
pub fn write(path: Option<&Path>, produce: Produce<'_>) -> Result<(), WriteError> {
    let Some(path) = path.filter(|p| *p != Path::new("-")) else {
        let stdout = io::stdout();
        return buffered(stdout.lock(), produce).map_err(|e| WriteError::Failed(format!("writing to stdout failed: {e}")));
    };
    let failed = |e: io::Error| WriteError::Failed(format!("could not write {}: {e}", path.display()));
    let target = follow_links(path).map_err(failed)?;
    let existing = fs::metadata(&target).ok();
    match &existing {
        Some(meta) if meta.is_dir() => return Err(WriteError::BadPath(format!("{} is a directory; name a file", path.display()))),
        Some(meta) if !meta.is_file() => {
            let file = OpenOptions::new().write(true).open(&target).map_err(failed)?;
            return buffered(file, produce).map_err(failed);
        }
        _ => {}
    }
    let name = target
        .file_name()
        .ok_or_else(|| WriteError::BadPath(format!("{} is not a file name", path.display())))?;
    remove_stale_temporaries(&target, name);
    let tmp = target.with_file_name(temporary_name(name));
    let file = temporaries().create(&tmp).map_err(failed)?;
    let written = (|| {
        let mut out = BufWriter::new(file);
        produce(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()
    })();
    written.and_then(|()| temporaries().rename(&tmp, &target)).map_err(|e| {
        temporaries().discard(&tmp);
        failed(e)
    })
}

/// Removes every temporary file that [`write()`] has open in this process,
/// and makes the writes still going fail rather than make another or
/// rename one into place: for a process about to exit on a signal. Returns
/// how many were removed.
pub fn remove_temporaries() -> usize {
    temporaries().remove_all()
}

/// The temporary files this process has open for writing.
struct Temporaries {
    /// Each one's path, from its creation to its rename or removal.
    open: Vec<PathBuf>,
    /// Set by [`Temporaries::remove_all`]: no more are made or renamed.
    closed: bool,
}

/// This process's temporaries. Each change to one (made, renamed, removed)
/// happens under its lock, so that [`remove_temporaries`] finds every
/// temporary that exists and none is renamed into place after it.
static TEMPORARIES: Mutex<Temporaries> = Mutex::new(Temporaries::new());

/// This process's temporaries, locked. A panic elsewhere while they were
/// locked leaves the list itself whole, so a poisoned lock is taken all
/// the same.
fn temporaries() -> MutexGuard<'static, Temporaries> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Temporaries {
    const fn new() -> Temporaries {
        Temporaries {
            open: Vec::new(),
            closed: false,
        }
    }

    /// Makes the temporary file `tmp` (never one that exists), locked and
    /// listed.
    fn create(&mut self, tmp: &Path) -> io::Result<File> {
        self.check_open()?;
        let file = OpenOptions::new().write(true).create_new(true).open(tmp)?;
        // The lock only tells a sweep in another process that this one is
        // live; where the file system has no locks, the process id does.
        let _ = file.try_lock();
        self.open.push(tmp.to_path_buf());
        Ok(file)
    }

    /// Renames the temporary `tmp` over `target`, and forgets it.
    fn rename(&mut self, tmp: &Path, target: &Path) -> io::Result<()> {
        self.check_open()?;
        fs::rename(tmp, target)?;
        self.open.retain(|path| path != tmp);
        Ok(())
    }

    /// Removes the temporary `tmp` after a failure, and forgets it.
    fn discard(&mut self, tmp: &Path) {
        if let Some(at) = self.open.iter().position(|path| path == tmp) {
            let _ = fs::remove_file(tmp);
            self.open.swap_remove(at);
        }
    }

    /// Removes every temporary, and closes the list to more.
    fn remove_all(&mut self) -> usize {
        self.closed = true;
        self.open.drain(..).filter(|tmp| fs::remove_file(tmp).is_ok()).count()
    }

    /// Fails once [`Temporaries::remove_all`] ran.
    fn check_open(&self) -> io::Result<()> {
        match self.closed {
            true => Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted")),
            false => Ok(()),
        }
    }
}

/// Removes the temporaries of `target` (whose file name is `name`) that a
/// process killed while writing left: those whose process is not running,
/// and which no process holds locked. Where there is no `/proc` to tell
/// which processes run, none is removed. Nothing here can fail a write: a
/// temporary that cannot be read or removed stays.
fn remove_stale_temporaries(target: &Path, name: &OsStr) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let Some(pid) = temporary_pid(name, &entry.file_name()) else {
            continue;
        };
        if pid == std::process::id() || proc.join(pid.to_string()).exists() {
            continue;
        }
        let path = entry.path();
        // A named pipe of that name would block the open: only regular files.
        if !fs::symlink_metadata(&path).is_ok_and(|meta| meta.is_file()) {
            continue;
        }
        let unlocked = File::open(&path).is_ok_and(|file| file.try_lock().is_ok());
        if unlocked {
            let _ = fs::remove_file(&path);
        }
    }
}

/// The process id in `file`'s name when it is a temporary of the file
/// named `name` (`.NAME.PID-N.tmp-boardwright`).
fn temporary_pid(name: &OsStr, file: &OsStr) -> Option<u32> {
    let rest = file.as_encoded_bytes().strip_prefix(b".")?;
    let rest = rest.strip_prefix(name.as_encoded_bytes())?;
    let rest = rest.strip_prefix(b".")?.strip_suffix(TEMPORARY_SUFFIX.as_bytes())?;
    let text = std::str::from_utf8(rest).ok()?;
    let (pid, count) = text.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(count) {
        return None;
    }
    pid.parse().ok()
}

/// How every temporary's name ends.
const TEMPORARY_SUFFIX: &str = ".tmp-boardwright";

/// Writes through `produce` into `out`, buffered, then flushes.
fn buffered(out: impl Write, produce: Produce<'_>) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    produce(&mut out).and_then(|()| out.flush())
}

/// `.NAME.PID-N.tmp-boardwright`: a name of its own, so that two commands
/// (or two writes of one) writing the same file do not share it.
fn temporary_name(name: &OsStr) -> OsString {
    static WRITES: AtomicU32 = AtomicU32::new(0);
    let mut tmp = OsString::from(".");
    tmp.push(name);
    tmp.push(format!(
        ".{}-{}{TEMPORARY_SUFFIX}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    tmp
}

/// The path `path` names once symbolic links are followed (a link to a
/// file not made yet gives that file's path).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) => dir.join(to),
                    None => to,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch directory of its own under the system's temporary one.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardwright-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn a_failed_write_leaves_the_file_and_no_temporary() {
        let dir = scratch("failed");
        let file = dir.join("board.json");
        write(Some(&file), &|out| out.write_all(b"first")).expect("writes");
        let error = write(Some(&file), &|out| {
            out.write_all(b"partial")?;
            Err(io::Error::other("no"))
        })
        .expect_err("fails");
        assert!(matches!(error, WriteError::Failed(_)), "{error}");
        assert_eq!(fs::read(&file).expect("still there"), b"first");
        assert_eq!(fs::read_dir(&dir).expect("lists").count(), 1, "no temporary file left");
        assert!(matches!(write(Some(&dir), &|_| Ok(())), Err(WriteError::BadPath(_))));
        fs::remove_dir_all(&dir).expect("cleans up");
    }

    #[test]
    fn a_temporary_is_listed_while_it_is_written() {
        let dir = scratch("listed");
        let file = dir.join("board.json");
        write(Some(&file), &|out| {
            let listed: Vec<PathBuf> = temporaries().open.iter().filter(|tmp| tmp.starts_with(&dir)).cloned().collect();
            assert_eq!(listed.len(), 1, "{listed:?}");
            assert!(listed[0].is_file(), "{listed:?}");
            out.write_all(b"board")
        })
        .expect("writes");
        assert!(
            !temporaries().open.iter().any(|tmp| tmp.starts_with(&dir)),
            "forgotten once renamed"
        );
        let _ = write(Some(&file), &|_| Err(io::Error::other("no")));
        assert!(!temporaries().open.iter().any(|tmp| tmp.starts_with(&dir)), "forgotten once failed");
        assert_eq!(files_in(&dir), ["board.json"]);
        fs::remove_dir_all(&dir).expect("cleans up");
    }

    #[test]
    fn removing_the_temporaries_removes_each_and_stops_more() {
        let dir = scratch("remove");
        let mut temporaries = Temporaries::new();
        let (a, b) = (dir.join(".a.pdf.1-0.tmp-boardwright"), dir.join(".b.pdf.1-1.tmp-boardwright"));
        let _a = temporaries.create(&a).expect("made");
        let _b = temporaries.create(&b).expect("made");
        temporaries.rename(&b, &dir.join("b.pdf")).expect("renamed");
        let c = dir.join(".c.pdf.1-2.tmp-boardwright");
        let _c = temporaries.create(&c).expect("made");
        assert_eq!(temporaries.remove_all(), 2);
        assert_eq!(files_in(&dir), ["b.pdf"]);
        assert!(temporaries.create(&a).is_err(), "none made after");
        assert!(!a.exists());
        fs::remove_dir_all(&dir).expect("cleans up");
    }

    #[test]
    fn names_of_temporaries_give_their_process() {
        let name = OsStr::new("c500.pdf");
        let pid = |file: &str| temporary_pid(name, OsStr::new(file));
        assert_eq!(pid(".c500.pdf.1234-0.tmp-boardwright"), Some(1234));
        assert_eq!(pid(".c500.pdf.7-15.tmp-boardwright"), Some(7));
        for other in [
            "c500.pdf",
            ".c500.pdf.1234-0.tmp-boardwrigh",
            ".c500.pdf.1234.tmp-boardwright",
            ".c500.pdf.-0.tmp-boardwright",
            ".c500.pdf.12a-0.tmp-boardwright",
            ".c500.pdf.x.1234-0.tmp-boardwright",
            ".c50.pdf.1234-0.tmp-boardwright",
            ".other.pdf.1234-0.tmp-boardwright",
        ] {
            assert_eq!(pid(other), None, "{other}");
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_write_removes_the_temporaries_of_its_target_that_no_live_process_owns() {
        let dir = scratch("stale");
        // Linux's process ids stay below 2^22.
        let dead = 1 << 22;
        let ours = std::process::id();
        let stale = [
            format!(".board.pdf.{dead}-0.tmp-boardwright"),
            format!(".board.pdf.{}-3.tmp-boardwright", dead + 1),
        ];
        let kept = [
            // This process's own.
            format!(".board.pdf.{ours}-999.tmp-boardwright"),
            // Its id runs no process here, but a process holds it locked
            // (as one in another PID namespace would).
            format!(".board.pdf.{}-0.tmp-boardwright", dead + 2),
            // Another file's, and a name that only looks alike.
            format!(".other.pdf.{dead}-0.tmp-boardwright"),
            format!(".board.pdf.{dead}-0.tmp-boardwright.keep"),
        ];
        for name in stale.iter().chain(&kept) {
            fs::write(dir.join(name), b"partial").expect("made");
        }
        let locked = File::open(dir.join(&kept[1])).expect("opens");
        locked.try_lock().expect("locks");
        write(Some(&dir.join("board.pdf")), &|out| out.write_all(b"board")).expect("writes");
        let mut expected: Vec<String> = kept.to_vec();
        expected.push("board.pdf".to_string());
        expected.sort();
        assert_eq!(files_in(&dir), expected);
        drop(locked);
        fs::remove_dir_all(&dir).expect("cleans up");
    }

    /// The names of the files in `dir`, sorted.
    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("lists")
            .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}
