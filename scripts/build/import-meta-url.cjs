// import.meta.url inside the CommonJS bundle (scripts/build.mjs): the bundle's own file.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
