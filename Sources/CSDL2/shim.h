// The one header Swift sees for SDL2, SDL_mixer and SDL_image. Function-like C
// macros do not import into Swift, so the few the platform layer needs are
// written here as static inline functions.
#ifndef OCEAN_CSDL2_SHIM_H
#define OCEAN_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_mixer.h>
#include <SDL2/SDL_image.h>

/// SDL_WINDOWPOS_CENTERED
static inline int ocean_window_pos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_BUTTON(SDL_BUTTON_LEFT): the left button's bit in a mouse state mask.
static inline Uint32 ocean_button_left_mask(void) { return SDL_BUTTON(SDL_BUTTON_LEFT); }

#endif
