'use strict';
// {% dataFiles %}: the raw data files, listed with their sizes
// (site/render/data-downloads.js) and copied into the build under /downloads/, so
// a reader can download exactly what the figures were drawn from.
//
// Copied rather than linked to the repository, though data/*.json weigh
// about 37 MB, because the weight falls where it costs least:
//   - readers: nothing. The files load only when a link is followed, never
//     with a page; Netlify compresses them on the way (JSON of numbers
//     shrinks about tenfold) and uploads a file again only when its content
//     changed, i.e. when it was re-measured; robots.txt keeps crawlers out.
//   - builds: a copy only when a page lists the files, and only of files
//     whose size or time changed since the last build into the same folder,
//     so a --serve rebuild copies nothing.
// A link needs what the site does not have: a repository URL (Netlify's
// REPOSITORY_URL may hold an access token, so it is never published), and
// it shows the build's data only when the tree was clean at the build's
// commit; a copy is the very file read, CHARTS_DATA_DIR included.
const fs = require('node:fs');
const path = require('node:path');
const { buildLoader } = require('../site/lib/per-build');
const { downloadableFiles, dataFilesHtml, URL_DIR } = require('../site/render/data-downloads');

function copyIfChanged(from, to) {
  const src = fs.statSync(from);
  let dst = null;
  try {
    dst = fs.statSync(to);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  // Times are set to the millisecond at best, hence the tolerance.
  if (dst && dst.size === src.size && Math.abs(dst.mtimeMs - src.mtimeMs) < 1) return;
  fs.copyFileSync(from, to);
  fs.utimesSync(to, src.atime, src.mtime);
}

module.exports = function (eleventyConfig) {
  let listed = null; // the files a page listed in this build

  eleventyConfig.on('eleventy.before', () => {
    listed = null;
  });

  eleventyConfig.addShortcode('dataFiles', () => {
    listed = downloadableFiles(buildLoader().dataDir);
    return dataFilesHtml(listed);
  });

  eleventyConfig.on('eleventy.after', ({ directories }) => {
    if (!listed) return;
    const dir = path.join(directories.output, URL_DIR);
    fs.mkdirSync(dir, { recursive: true });
    for (const f of listed) copyIfChanged(f.file, path.join(dir, f.name));
  });
};
