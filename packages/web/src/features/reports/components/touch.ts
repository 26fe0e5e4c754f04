/** Buttons and check rows are at least 44px tall: the admin area is used on phones too. */
export const TOUCH = "min-h-11";
