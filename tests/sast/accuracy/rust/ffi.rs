use std::mem::{self, MaybeUninit};
use std::os::raw::c_char;
use std::ptr;
use std::slice;

#[repr(C)]
pub struct Packet {
    pub len: u32,
    pub data: *const u8,
}

/// # Safety
/// `p` must point to a valid Packet.
#[no_mangle]
pub unsafe extern "C" fn packet_sum(p: *const Packet) -> u32 {
    // expect: rust.raw-pointer-read-write
    let pkt = ptr::read(p);
    // expect: rust.from-raw-parts-unchecked-len
    let bytes = slice::from_raw_parts(pkt.data, pkt.len as usize);
    bytes.iter().map(|b| *b as u32).sum()
}

pub fn checksum(buf: &Vec<u8>) -> u32 {
    // ok: rust.from-raw-parts-unchecked-len
    let bytes = unsafe { slice::from_raw_parts(buf.as_ptr(), buf.len()) };
    bytes.iter().map(|b| *b as u32).sum()
}

pub fn float_bits(bits: u32) -> f32 {
    // expect: rust.mem-transmute
    unsafe { mem::transmute::<u32, f32>(bits) }
}

pub fn float_bits_safe(bits: u32) -> f32 {
    // ok: rust.mem-transmute
    f32::from_bits(bits)
}

pub fn read_buffer(fd: &mut impl std::io::Read, n: usize) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::with_capacity(n);
    // expect: rust.vec-set-len
    unsafe { buf.set_len(n) };
    let got = fd.read(&mut buf)?;
    buf.truncate(got);
    Ok(buf)
}

pub fn reset(buf: &mut Vec<u8>) {
    // ok: rust.vec-set-len
    unsafe { buf.set_len(0) };
}

pub fn lookup(table: &[u16; 256], idx: u8) -> u16 {
    // expect: rust.get-unchecked
    unsafe { *table.get_unchecked(idx as usize) }
}

pub fn lookup_checked(table: &[u16], idx: usize) -> Option<u16> {
    // ok: rust.get-unchecked
    table.get(idx).copied()
}

pub fn legacy_state() -> [String; 2] {
    // expect: rust.mem-uninitialized
    unsafe { MaybeUninit::uninit().assume_init() }
}

pub fn init_state() -> u64 {
    let mut x = MaybeUninit::<u64>::uninit();
    unsafe {
        x.as_mut_ptr().write(0);
        // ok: rust.mem-uninitialized
        x.assume_init()
    }
}

pub fn hand_to_c(s: String) -> *const c_char {
    let p = s.as_ptr() as *const c_char;
    // expect: rust.mem-forget
    mem::forget(s);
    p
}

pub fn hand_to_c_safe(s: std::ffi::CString) -> *mut c_char {
    // ok: rust.mem-forget
    s.into_raw()
}
