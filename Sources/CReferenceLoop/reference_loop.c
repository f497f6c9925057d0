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
