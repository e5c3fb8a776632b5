/** Uploads (photos, logos, course images) are refused above this size, in the browser and on the server. */
export const maxUploadMegabytes = 5;
