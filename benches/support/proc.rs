//! What Linux says about a process (`/proc`): its peak resident memory and
//! the CPU time it used, for the benchmarks that report them.
#![allow(dead_code)] // each benchmark uses what it reports

/// The peak resident set (VmHWM) of process `pid` ("self" for this one), in MB;
/// NaN where there is no such file.
pub fn peak_rss_mb(pid: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// User + system CPU seconds process `pid` ("self" for this one) used so far.
pub fn cpu_secs(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name in parentheses may hold spaces: count after the ')'.
    // utime and stime are fields 14 and 15 of stat, the 12th and 13th after it.
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // SAFETY: sysconf only reads a system constant.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / ticks.max(1.0)
}
