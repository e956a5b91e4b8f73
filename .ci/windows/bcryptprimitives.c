/*
 * Test-only stand-in for Windows' bcryptprimitives.dll, built by .ci/windows/run and placed
 * beside the exe in the wine test folder only. Never shipped: every Windows 10/11 has the real DLL.
 *
 * Why: Rust's std (1.78 and later) draws its random seeds from ProcessPrng in bcryptprimitives.dll.
 * Debian 12's wine 8.0 has no such DLL, so the bare exe exits with status 53 before main. This
 * stub forwards to RtlGenRandom (advapi32's SystemFunction036), which wine 8 does have, so the
 * exe's own code runs under wine exactly as built.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
