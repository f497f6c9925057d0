#include <string.h>
#include "reference_loop.h"

int64_t ref_tick(ref_item *items, int64_t count, const ref_fall *fall,
                 int64_t width, int64_t rim, int64_t water) {
    int64_t i = 0;
    while (i < count) {
        ref_item it = items[i];
        const ref_fall p = fall[it.kind];
        it.vx += it.ax;
        if (it.vx >= p.sway_speed) { it.vx = p.sway_speed; it.ax = -(it.ax < 0 ? -it.ax : it.ax); }
        if (it.vx <= -p.sway_speed) { it.vx = -p.sway_speed; it.ax = (it.ax < 0 ? -it.ax : it.ax); }
        it.x += it.vx;
        if (it.x < p.half_size || it.x > width - p.half_size) {
            it.x = it.x < p.half_size ? p.half_size : width - p.half_size;
            it.vx = -it.vx;
            it.ax = -it.ax;
        }
        int64_t bottom0 = it.y + p.half_size;
        it.vy = it.vy + p.gravity < p.terminal_speed ? it.vy + p.gravity : p.terminal_speed;
        it.y += it.vy;
        int64_t bottom1 = it.y + p.half_size;
        if (bottom1 >= rim && (bottom0 < rim || bottom1 >= water)) {
            count -= 1;
            items[i] = items[count];
        } else {
            items[i] = it;
            i += 1;
        }
    }
    return count;
}

void ref_gradient_frame(uint32_t *pixels, int64_t width, int64_t height, uint32_t top, uint32_t bottom) {
    for (int64_t y = 0; y < height; y++) {
        uint32_t t = (uint32_t)(y * 256 / height), s = 256 - t;
        uint32_t rb = ((top & 0xFF00FF) * s + (bottom & 0xFF00FF) * t) >> 8 & 0xFF00FF;
        uint32_t g = ((top & 0x00FF00) * s + (bottom & 0x00FF00) * t) >> 8 & 0x00FF00;
        uint32_t colour = 0xFF000000u | rb | g;
        uint32_t *row = pixels + y * width;
        for (int64_t x = 0; x < width; x++) row[x] = colour;
    }
}

void ref_copy_frame(uint32_t *pixels, const uint32_t *source, int64_t count) {
    memcpy(pixels, source, (size_t)count * sizeof(uint32_t));
}
