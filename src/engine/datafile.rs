//! Reading the component data files an operator names (`data`, `tiles`,
//! `board`, `cards`, `components`): never more than a fixed size, so a
//! path like `/dev/zero` or a huge file cannot exhaust memory.

use std::io::Read;

/// The largest data file read; the shipped ones are well under 100 KB.
pub const MAX_DATA_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The text of `path`, or why it cannot be used. Reads at most
/// `MAX_DATA_FILE_BYTES + 1` bytes whatever the file is.
pub fn read_data_file(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_DATA_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() as u64 > MAX_DATA_FILE_BYTES {
        return Err(format!(
            "{shown} is larger than {MAX_DATA_FILE_BYTES} bytes; a data file is far smaller"
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{shown} is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_the_limit() {
        let e = read_data_file(std::path::Path::new("/dev/zero")).unwrap_err();
        assert!(e.contains("larger than"), "{e}");
    }

    #[test]
    fn a_missing_file_says_so() {
        let e = read_data_file(std::path::Path::new("/nonexistent/quipu.toml")).unwrap_err();
        assert!(e.starts_with("cannot read"), "{e}");
    }
}
