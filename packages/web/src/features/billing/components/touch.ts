/** Buttons are at least 44px tall: they are tapped on phones, often with gloves on. */
export const TOUCH = "min-h-11";
