#ifndef OCEAN_REFERENCE_LOOP_H
#define OCEAN_REFERENCE_LOOP_H
#include <stdint.h>

/// The benchmark's yardstick: the per-item work of the kernel's item system
/// (sway, side walls, gravity to a terminal speed, the rim and water checks) as a
/// plain C loop over the same 32-byte item layout. `ocean-bench` times it next to
/// the Swift kernel so the ratio, not a machine-dependent absolute, is reported.
typedef struct {
    int64_t x, y;
    int32_t vx, vy, ax;
    uint8_t kind;
} ref_item;

typedef struct {
    int64_t half_size;
    int32_t sway_speed, gravity, terminal_speed;
} ref_fall;

/// One tick over `count` items; returns how many items remain.
int64_t ref_tick(ref_item *items, int64_t count, const ref_fall *fall,
                 int64_t width, int64_t rim, int64_t water);

/// The renderer's yardstick: one frame of a `width`×`height` ARGB framebuffer
/// (0xAARRGGBB, row-major) filled with a vertical gradient from `top` to `bottom`,
/// each row one colour mixed as `Colour.mix` mixes (t = row × 256 / height): the
/// work of a plain full-frame fill. `ocean-bench` times it next to the busy frame.
void ref_gradient_frame(uint32_t *pixels, int64_t width, int64_t height, uint32_t top, uint32_t bottom);

/// The renderer's floor: one frame copied from `source` to `pixels` with `memcpy`
/// (`count` pixels), what a frame composed over a cached backdrop must at least cost.
/// `ocean-bench` times it next to the busy frame.
void ref_copy_frame(uint32_t *pixels, const uint32_t *source, int64_t count);

#endif
