//! Windows Job Objects, so that killing a timed-out engine also ends what it started (an engine
//! behind a wrapper, a helper process), as the process group does on Unix. Windows has no
//! process groups a kill can reach; a job is the system's way to end a tree of processes at once.
//!
//! Every engine gets its own job, created with `JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE`: the job's
//! processes also end when its last handle closes, so a crashed or killed gridmind leaves no
//! engine running either. The few functions needed are declared here by hand rather than taken
//! from a bindings crate, so the Windows build needs nothing beyond std.
//!
//! A process the engine starts in the instant between its spawn and its assignment to the job
//! is outside the job (std gives no way to start a process suspended); engines start helpers
//! when they read their first command, long after.

use std::ffi::c_void;
use std::os::windows::io::AsRawHandle;
use std::process::Child;

/// `HANDLE`: std's `RawHandle` is the same pointer type.
type Handle = *mut c_void;
/// `BOOL`: zero is failure.
type Bool = i32;

/// `JobObjectExtendedLimitInformation` of the `JOBOBJECTINFOCLASS` enumeration.
const JOB_OBJECT_EXTENDED_LIMIT_INFORMATION: i32 = 9;
/// Ends the job's processes when its last handle closes.
const JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: u32 = 0x2000;
/// The exit code of processes ended by [`Job::terminate`].
const KILLED: u32 = 1;

/// `JOBOBJECT_BASIC_LIMIT_INFORMATION`.
#[repr(C)]
#[derive(Default)]
struct BasicLimitInformation {
    per_process_user_time_limit: i64,
    per_job_user_time_limit: i64,
    limit_flags: u32,
    minimum_working_set_size: usize,
    maximum_working_set_size: usize,
    active_process_limit: u32,
    affinity: usize,
    priority_class: u32,
    scheduling_class: u32,
}

/// `IO_COUNTERS`.
#[repr(C)]
#[derive(Default)]
struct IoCounters {
    read_operation_count: u64,
    write_operation_count: u64,
    other_operation_count: u64,
    read_transfer_count: u64,
    write_transfer_count: u64,
    other_transfer_count: u64,
}

/// `JOBOBJECT_EXTENDED_LIMIT_INFORMATION`.
#[repr(C)]
#[derive(Default)]
struct ExtendedLimitInformation {
    basic_limit_information: BasicLimitInformation,
    io_info: IoCounters,
    process_memory_limit: usize,
    job_memory_limit: usize,
    peak_process_memory_used: usize,
    peak_job_memory_used: usize,
}

// The size Windows checks the length argument against (`sizeof` in the 64-bit SDK headers).
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<ExtendedLimitInformation>() == 144);

#[link(name = "kernel32")]
extern "system" {
    fn CreateJobObjectW(attributes: *const c_void, name: *const u16) -> Handle;
    fn SetInformationJobObject(job: Handle, class: i32, info: *const c_void, length: u32) -> Bool;
    fn AssignProcessToJobObject(job: Handle, process: Handle) -> Bool;
    fn TerminateJobObject(job: Handle, exit_code: u32) -> Bool;
    fn CloseHandle(handle: Handle) -> Bool;
}

/// One engine's job: an open job handle, closed (ending the job's processes) on drop.
pub struct Job(Handle);

// SAFETY: a job handle is a kernel object reference, usable from any thread; `Job` never
// dereferences the pointer, it only passes it to the system.
unsafe impl Send for Job {}
// SAFETY: as for `Send`; `terminate` is a single system call the kernel serialises.
unsafe impl Sync for Job {}

impl Job {
    /// Puts `child` in a new job that ends with its last handle. The error says which call
    /// failed and why; the caller can still kill the child alone.
    pub fn adopt(child: &Child) -> Result<Job, String> {
        let failed = |call: &str| format!("{call} failed: {}", std::io::Error::last_os_error());
        // SAFETY: both arguments may be null (default security, an unnamed job); the call
        // reads no memory of ours.
        let handle = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if handle.is_null() {
            return Err(failed("CreateJobObjectW"));
        }
        // Owned from here: an early return closes it.
        let job = Job(handle);
        let mut info = ExtendedLimitInformation::default();
        info.basic_limit_information.limit_flags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        let length = std::mem::size_of::<ExtendedLimitInformation>() as u32;
        // SAFETY: `job.0` is an open job handle; `info` is a live, `repr(C)`
        // JOBOBJECT_EXTENDED_LIMIT_INFORMATION for the whole call and `length` is its size, so
        // the system reads only memory we own.
        let set = unsafe {
            SetInformationJobObject(
                job.0,
                JOB_OBJECT_EXTENDED_LIMIT_INFORMATION,
                std::ptr::from_ref(&info).cast::<c_void>(),
                length,
            )
        };
        if set == 0 {
            return Err(failed("SetInformationJobObject"));
        }
        // SAFETY: `job.0` is an open job handle and the child's process handle stays open while
        // `child` is borrowed (std closes it only when the `Child` is dropped).
        let assigned = unsafe { AssignProcessToJobObject(job.0, child.as_raw_handle()) };
        if assigned == 0 {
            return Err(failed("AssignProcessToJobObject"));
        }
        Ok(job)
    }

    /// Ends every process in the job: the engine and whatever it started.
    pub fn terminate(&self) {
        // SAFETY: `self.0` is an open job handle until drop; the call touches no memory of ours.
        // A failure (the processes already ended) leaves nothing to do.
        unsafe {
            TerminateJobObject(self.0, KILLED);
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        // SAFETY: `self.0` is open and closed only here, once; with KILL_ON_JOB_CLOSE this also
        // ends any process of the job still running.
        unsafe {
            CloseHandle(self.0);
        }
    }
}
