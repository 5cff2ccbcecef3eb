// Static files. assets/ is copied as-is. Files referenced through the
// `fingerprint` filter are also written under /assets/f/ with a content hash
// in the name, so netlify.toml can cache them for a year and a changed file
// still reaches readers at once.
//
//   <link rel="stylesheet" href="{{ '/assets/css/site.css' | fingerprint }}">
const fs = require('node:fs');
const path = require('node:path');
const { fingerprint } = require('../scripts/lib/fingerprint');

module.exports = function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy('assets');

  const pending = new Map(); // source path -> output url path

  eleventyConfig.addFilter('fingerprint', (urlPath) => {
    const source = path.join(process.cwd(), urlPath);
    let body;
    try {
      body = fs.readFileSync(source);
    } catch {
      throw new Error(`fingerprint: no file at ${urlPath} (looked for ${path.relative(process.cwd(), source)}).`);
    }
    const hash = fingerprint(body);
    const ext = path.extname(urlPath);
    const hashed = `/assets/f/${path.basename(urlPath, ext)}.${hash}${ext}`;
    pending.set(source, hashed);
    return hashed;
  });

  eleventyConfig.on('eleventy.after', ({ directories }) => {
    for (const [source, urlPath] of pending) {
      const target = path.join(directories.output, urlPath);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source, target);
    }
  });
};
