//! The files a user names for the command line to read: a config file, a
//! node type's icon, a road log, an analysis part. Each is read only when it
//! is a regular file, which is checked before it is opened (opening a named
//! pipe waits for a writer, a device may never end), and at most a cap of
//! bytes is read from it, through [`Read::take`], so that a file that grows
//! while it is read is bounded too. A file over its cap is refused, not cut.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// A kind of file the command line reads, and its cap.
pub(crate) struct Kind {
    /// What the file is, in messages: "config file".
    pub noun: &'static str,
    /// The most bytes read.
    pub cap: u64,
    /// What to name instead of a file refused: "a TOML file".
    pub expected: &'static str,
}

/// One mebibyte.
const MIB: u64 = 1 << 20;

/// `--config`: 1 MiB, far more than any parameter set needs (what
/// `--print-config` writes takes a few kilobytes).
pub(crate) const CONFIG: Kind = Kind {
    noun: "config file",
    cap: MIB,
    expected: "a TOML file",
};

/// `play --rules`: 1 MiB, as a config file.
pub(crate) const RULES: Kind = Kind {
    noun: "rules file",
    cap: MIB,
    expected: "a TOML file",
};

/// A node type's `icon`: 1 MiB.
pub(crate) const ICON: Kind = Kind {
    noun: "icon file",
    cap: MIB,
    expected: "an SVG file",
};

/// A generator's log (hexet's `--roads`): 16 MiB, some hundred thousand
/// roads, far more than any game places.
pub(crate) const fn log(noun: &'static str) -> Kind {
    Kind {
        noun,
        cap: 16 * MIB,
        expected: "a JSON file",
    }
}

/// `analyze merge`'s part files: 64 GiB, more than the largest run (100
/// million boards) writes; a merge holds every part's figures in memory,
/// and the first part is checked against the memory free.
pub(crate) const PART: Kind = Kind {
    noun: "part file",
    cap: 64 * 1024 * MIB,
    expected: "a part file of `analyze --shard`",
};

/// The text of the file at `path`, or why it cannot be read, in words
/// naming it.
pub(crate) fn read_text(kind: &Kind, path: &Path) -> Result<String, String> {
    let mut reader = open(kind, path)?;
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| reader.error(e))?;
    String::from_utf8(bytes).map_err(|_| format!("{} {} is not UTF-8 text; name {}", kind.noun, path.display(), kind.expected))
}

/// The file at `path`, open for reading up to its cap, or why it cannot be
/// read, in words naming it.
pub(crate) fn open(kind: &Kind, path: &Path) -> Result<Capped, String> {
    let cannot = |e: io::Error| format!("cannot read {} {}: {e}", kind.noun, path.display());
    let not_regular = |file_type: fs::FileType| {
        format!(
            "{} {} is not a regular file ({}); name {}",
            kind.noun,
            path.display(),
            what_it_is(file_type),
            kind.expected
        )
    };
    // Links followed, as opening does.
    let meta = fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    let file = File::open(path).map_err(cannot)?;
    // The path may have been replaced since: the file opened is checked too.
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    Ok(Capped {
        inner: file.take(kind.cap + 1),
        read: 0,
        cap: kind.cap,
        over: format!(
            "{} {} is over {}, the limit for {}s",
            kind.noun,
            path.display(),
            in_words(kind.cap),
            kind.noun
        ),
        cannot: format!("cannot read {} {}", kind.noun, path.display()),
    })
}

/// A file read up to its cap: reading past it is an error.
pub(crate) struct Capped {
    inner: io::Take<File>,
    /// Bytes read so far.
    read: u64,
    cap: u64,
    /// The message for a file over its cap.
    over: String,
    /// The start of the message for a file that cannot be read.
    cannot: String,
}

impl Capped {
    /// The message for a file found to be over its cap, once it is.
    pub(crate) fn over(&self) -> Option<&str> {
        (self.read > self.cap).then_some(self.over.as_str())
    }

    /// The message for `error`, met reading this file.
    fn error(&self, error: io::Error) -> String {
        match self.over() {
            Some(over) => over.to_string(),
            None => format!("{}: {error}", self.cannot),
        }
    }
}

impl Read for Capped {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(over) = self.over() {
            return Err(io::Error::other(over.to_string()));
        }
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        match self.over() {
            Some(over) => Err(io::Error::other(over.to_string())),
            None => Ok(n),
        }
    }
}

/// What a file that is no regular file is, in words.
fn what_it_is(file_type: fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a file that holds data"
}

/// `bytes` in words: "1 MiB", "64 GiB", "1000 bytes".
fn in_words(bytes: u64) -> String {
    match bytes {
        b if b >= 1024 * MIB && b.is_multiple_of(1024 * MIB) => format!("{} GiB", b / (1024 * MIB)),
        b if b >= MIB && b.is_multiple_of(MIB) => format!("{} MiB", b / MIB),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch directory of its own under the system's temporary one.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("boardwright-input-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    const SMALL: Kind = Kind {
        noun: "test file",
        cap: 10,
        expected: "a small file",
    };

    #[test]
    fn a_file_is_read_up_to_its_cap_and_refused_past_it() {
        let dir = scratch("cap");
        let (fits, over) = (dir.join("fits.txt"), dir.join("over.txt"));
        fs::write(&fits, "0123456789").expect("written");
        fs::write(&over, "0123456789a").expect("written");
        assert_eq!(read_text(&SMALL, &fits).as_deref(), Ok("0123456789"));
        let why = read_text(&SMALL, &over).expect_err("over");
        assert_eq!(
            why,
            format!("test file {} is over 10 bytes, the limit for test files", over.display())
        );
        let why = read_text(&SMALL, &dir).expect_err("a directory");
        assert_eq!(
            why,
            format!("test file {} is not a regular file (a directory); name a small file", dir.display())
        );
        let missing = read_text(&SMALL, &dir.join("none")).expect_err("missing");
        assert!(missing.starts_with("cannot read test file "), "{missing}");
        fs::write(&fits, [0xff, 0xfe]).expect("written");
        assert!(read_text(&SMALL, &fits).expect_err("not text").contains("not UTF-8 text"));
        fs::remove_dir_all(&dir).expect("cleans up");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_unread() {
        let why = read_text(&CONFIG, Path::new("/dev/zero")).expect_err("a device");
        assert_eq!(
            why,
            "config file /dev/zero is not a regular file (a character device); name a TOML file"
        );
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(in_words(MIB), "1 MiB");
        assert_eq!(in_words(16 * MIB), "16 MiB");
        assert_eq!(in_words(64 * 1024 * MIB), "64 GiB");
        assert_eq!(in_words(1000), "1000 bytes");
    }
}
