/** The origin the PDF page is loaded from: nothing answers it, so the page can reach only what the renderer serves. */
export const RENDER_ORIGIN = "https://render.fleetforms.invalid";
