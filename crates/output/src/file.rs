//! Files written whole or not at all: output goes to a temporary file of its
//! own name beside the target (beside the file a symbolic link points to),
//! renamed over it once everything succeeded, so a failed write leaves the
//! file as it was. What is no regular file (`/dev/null`, a named pipe, a
//! terminal) is written into directly: it cannot be replaced, and holds no
//! file to lose. "-" or no path is stdout.

use std::ffi::OsString;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

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
    let tmp = target.with_file_name(temporary_name(name));
    let result = OpenOptions::new().write(true).create_new(true).open(&tmp).and_then(|file| {
        let mut out = BufWriter::new(file);
        produce(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        fs::rename(&tmp, &target)
    });
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        failed(e)
    })
}

/// Writes through `produce` into `out`, buffered, then flushes.
fn buffered(out: impl Write, produce: Produce<'_>) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    produce(&mut out).and_then(|()| out.flush())
}

/// `.NAME.PID-N.tmp-boardwright`: a name of its own, so that two commands
/// (or two writes of one) writing the same file do not share it.
fn temporary_name(name: &std::ffi::OsStr) -> OsString {
    static WRITES: AtomicU32 = AtomicU32::new(0);
    let mut tmp = OsString::from(".");
    tmp.push(name);
    tmp.push(format!(
        ".{}-{}.tmp-boardwright",
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
}
