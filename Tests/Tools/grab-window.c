/* Writes what a window shows as a binary PPM (P6), so a test can read the game's
 * pixels off the screen (under Xvfb: no compositor, the window's contents are the
 * screen's). Usage: grab-window WINDOW-ID OUT.ppm   (WINDOW-ID as `xdotool search` prints it) */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>

/* The shift that brings a channel's mask down to its lowest bit. */
static int shift_of(unsigned long mask) {
    int s = 0;
    while (mask && !(mask & 1)) { mask >>= 1; s++; }
    return s;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: grab-window WINDOW-ID OUT.ppm\n"); return 2; }
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "grab-window: cannot open the display\n"); return 1; }
    Window window = (Window)strtoul(argv[1], NULL, 0);
    XWindowAttributes a;
    if (!XGetWindowAttributes(display, window, &a)) { fprintf(stderr, "grab-window: no such window\n"); return 1; }
    XImage *image = XGetImage(display, window, 0, 0, (unsigned)a.width, (unsigned)a.height, AllPlanes, ZPixmap);
    if (!image) { fprintf(stderr, "grab-window: XGetImage failed\n"); return 1; }
    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); return 1; }
    fprintf(out, "P6\n%d %d\n255\n", a.width, a.height);
    int rs = shift_of(image->red_mask), gs = shift_of(image->green_mask), bs = shift_of(image->blue_mask);
    for (int y = 0; y < a.height; y++) {
        for (int x = 0; x < a.width; x++) {
            unsigned long p = XGetPixel(image, x, y);
            unsigned char rgb[3] = {(unsigned char)((p & image->red_mask) >> rs), (unsigned char)((p & image->green_mask) >> gs),
                                    (unsigned char)((p & image->blue_mask) >> bs)};
            fwrite(rgb, 1, 3, out);
        }
    }
    fclose(out);
    XDestroyImage(image);
    XCloseDisplay(display);
    return 0;
}
