#!/usr/bin/env python3
"""Spectrogram of a 16-bit WAV as a PNG (numpy + zlib only).

    scripts/spectrogram.py in.wav out.png [--max-hz 8000]

Time runs left to right, frequency bottom to top on a log axis from 20 Hz,
brightness is level in dB (80 dB range). Mono mix of the channels.
"""
import struct, sys, zlib, wave
import numpy as np

def main():
    args = sys.argv[1:]
    max_hz = 12000.0
    if "--max-hz" in args:
        i = args.index("--max-hz"); max_hz = float(args[i + 1]); del args[i:i + 2]
    src, dst = args
    with wave.open(src, "rb") as w:
        rate, ch, n = w.getframerate(), w.getnchannels(), w.getnframes()
        x = np.frombuffer(w.readframes(n), dtype="<i2").astype(np.float64) / 32768
    x = x.reshape(-1, ch).mean(axis=1)
    size, width, height = 4096, 900, 400
    hop = max(1, (len(x) - size) // width)
    win = np.hanning(size)
    cols = []
    for c in range(width):
        seg = x[c * hop: c * hop + size]
        if len(seg) < size: seg = np.pad(seg, (0, size - len(seg)))
        cols.append(np.abs(np.fft.rfft(seg * win)))
    spec = np.array(cols).T  # bins × time
    freqs = np.fft.rfftfreq(size, 1 / rate)
    rows = np.geomspace(20, max_hz, height)[::-1]
    img = np.empty((height, width))
    for r, f in enumerate(rows):
        img[r] = spec[np.searchsorted(freqs, f)]
    db = 20 * np.log10(img + 1e-9)
    db = np.clip((db - (db.max() - 80)) / 80, 0, 1)
    # A dark-blue → cyan → yellow → white ramp.
    stops = np.array([[0, 0, 20], [0, 60, 140], [0, 170, 200], [240, 220, 60], [255, 255, 255]], float)
    pos = db * (len(stops) - 1)
    lo = np.floor(pos).astype(int).clip(0, len(stops) - 2)
    t = (pos - lo)[..., None]
    rgb = (stops[lo] * (1 - t) + stops[lo + 1] * t).astype(np.uint8)
    # Grid lines at 100 Hz, 1 kHz, 10 kHz, and every 5 seconds.
    for g in (100, 1000, 10000):
        if g < max_hz: rgb[np.argmin(np.abs(rows - g))] = (255, 80, 80)
    secs = len(x) / rate
    for s in range(5, int(secs), 5):
        rgb[:, int(s / secs * width)] = (255, 80, 80)
    raw = b"".join(b"\x00" + rgb[r].tobytes() for r in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(dst, "wb").write(png)

if __name__ == "__main__":
    main()
