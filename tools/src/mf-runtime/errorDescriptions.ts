// Stands in, in production builds, for @module-federation/error-codes' table of English error
// descriptions (about 1 KB minified), which the runtime embeds in the shell's entry and in every
// remoteEntry, four copies on a shopper's first page. Without it an MF error still names its code
// (e.g. "#RUNTIME-008") and links to the page that explains it; development builds keep the wording.
export const runtimeDescMap: Record<string, string> = {};
export const typeDescMap: Record<string, string> = {};
export const buildDescMap: Record<string, string> = {};
export const errorDescMap: Record<string, string> = {};
