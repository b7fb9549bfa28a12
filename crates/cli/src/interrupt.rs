//! A command that writes files, stopped by Ctrl-C (SIGINT), SIGTERM or
//! SIGHUP, removes the temporary files it was writing
//! ([`output::file::remove_temporaries`]), so that it leaves neither a
//! partial file nor a temporary one, says so in a line on stderr, and exits
//! with 128 and the signal's number: 130, 143 or 129. `serve` stops on
//! these signals its own way, and does not ask for this.

/// Watches for the signals that stop a command, from a thread of its own.
#[cfg(unix)]
pub(crate) fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    // Where the signals cannot be watched, they stop the command as they
    // would any program, and the next write of the same file removes its
    // temporary (`output::file`).
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let removed = output::file::remove_temporaries();
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            let said = match removed {
                0 => format!("error: stopped by {name}\n"),
                _ => format!("error: stopped by {name}; the unfinished output was removed\n"),
            };
            // Whoever read stderr may be gone: stop all the same.
            let _ = std::io::Write::write_all(&mut std::io::stderr(), said.as_bytes());
            std::process::exit(128 + signal);
        }
    });
}

/// Where there are no such signals, nothing to watch.
#[cfg(not(unix))]
pub(crate) fn clean_up_on_signals() {}
