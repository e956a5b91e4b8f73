//! The reason an I/O operation failed, in words that are the same on every system.
//!
//! The system's own text differs between Unix and Windows (and between libc versions): "No such
//! file or directory (os error 2)" on Linux is "The system cannot find the file specified. (os
//! error 2)" on Windows. Front ends and scripts that read gridmind's errors, and its transcript
//! tests, need one wording; the common reasons get it here, and only rare ones fall back to the
//! system's text.

use std::io::{Error, ErrorKind};

/// Why `e` happened, worded the same on every system for the common reasons.
pub fn io_reason(e: &Error) -> String {
    let words = match e.kind() {
        ErrorKind::NotFound => "not found",
        ErrorKind::PermissionDenied => "permission denied",
        ErrorKind::AlreadyExists => "already exists",
        ErrorKind::IsADirectory => "is a directory",
        ErrorKind::NotADirectory => "a path component is not a directory",
        ErrorKind::ReadOnlyFilesystem => "read-only file system",
        ErrorKind::StorageFull => "no space left on the device",
        _ => return e.to_string(),
    };
    words.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_reasons_do_not_depend_on_the_system() {
        let missing = std::fs::read("/nonexistent-dir/gridmind-io-reason-test").unwrap_err();
        assert_eq!(io_reason(&missing), "not found");
        assert_eq!(
            io_reason(&Error::from(ErrorKind::PermissionDenied)),
            "permission denied"
        );
        // Rare reasons keep the system's text rather than saying nothing.
        let other = Error::other("disk on fire");
        assert_eq!(io_reason(&other), "disk on fire");
    }
}
