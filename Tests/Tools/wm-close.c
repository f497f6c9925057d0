/* Closes a window the way a window manager does when its close button is clicked:
 * a WM_DELETE_WINDOW client message, which SDL turns into SDL_WINDOWEVENT_CLOSE and
 * SDL_QUIT. (xdotool's windowclose destroys the window instead, and windowkill cuts
 * the client's X connection: Xlib then exits the process before SDL sees anything.)
 * Usage: wm-close WINDOW-ID   (as printed by `xdotool search`)                      */
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: wm-close WINDOW-ID\n"); return 2; }
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "wm-close: cannot open the display\n"); return 1; }
    Window window = (Window)strtoul(argv[1], NULL, 0);
    XEvent event = {0};
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
    event.xclient.format = 32;
    event.xclient.data.l[0] = (long)XInternAtom(display, "WM_DELETE_WINDOW", False);
    event.xclient.data.l[1] = CurrentTime;
    XSendEvent(display, window, False, NoEventMask, &event);
    XCloseDisplay(display);
    return 0;
}
