'use strict';
// The raw data behind the figures, for a reader to download and check
// ({% dataFiles %}, _config/data-downloads.js): every *.json of the data
// folder the build read (data/, or CHARTS_DATA_DIR), which the build has
// checked against its schema, and data/SCHEMA.md, which describes each field.
// Each is published under /downloads/ by its own name (not /data/: the
// repository's folders never appear in the build, test/site/site-build.test.js).
const fs = require('node:fs');
const path = require('node:path');
const { escapeHtml: esc } = require('../format');

const URL_DIR = '/downloads/';
const SCHEMA_DOC = path.join(__dirname, '..', '..', 'data', 'SCHEMA.md');
const ID = 'data-files';
// perf-node-4 before perf-node-10, as a reader counts.
const byName = new Intl.Collator('en', { numeric: true }).compare;

// -> [{ name, file, bytes }]: the data files by name, then the schema document.
function downloadableFiles(dataDir) {
  let names;
  try {
    names = fs.readdirSync(dataDir).filter((f) => f.endsWith('.json')).sort(byName);
  } catch (err) {
    throw new Error(`dataFiles: cannot list the data folder ${dataDir} (${err.code}); point CHARTS_DATA_DIR at a folder of data files or unset it.`, { cause: err });
  }
  return [...names.map((n) => path.join(dataDir, n)), SCHEMA_DOC].map((file) => ({ name: path.basename(file), file, bytes: fs.statSync(file).size }));
}

// 4.7 MB, 41 KB: how big a download is, not a byte count.
function size(bytes) {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

// A figure like a data table's (charts.css), one line per file. No blank
// line: markdown-it would end the HTML block there (site/render/chart-html.js).
function dataFilesHtml(files) {
  const json = files.filter((f) => f.name.endsWith('.json'));
  const total = json.reduce((n, f) => n + f.bytes, 0);
  const row = (f) => `<tr><th scope="row"><a href="${URL_DIR}${encodeURIComponent(f.name)}" download>${esc(f.name)}</a></th><td class="num">${size(f.bytes)}</td></tr>`;
  return [
    `<figure class="data-table data-files" id="${ID}">`,
    `<figcaption><a class="chart-permalink" href="#${ID}" aria-label="Link to this table">#</a> The data behind this site’s figures and tables: the ${json.length} JSON file${json.length === 1 ? '' : 's'} of its data folder, ${size(total)} in all, as this build read and checked them</figcaption>`,
    `<div class="table-scroll"><table><thead><tr><th scope="col">File</th><th scope="col" class="num">Size</th></tr></thead><tbody>${files.map(row).join('')}</tbody></table></div>`,
    `<p class="chart-meta">Each file names its schema and where its figures come from; ${esc(path.basename(SCHEMA_DOC))} describes every field.</p>`,
    `</figure>`,
  ].join('\n');
}

module.exports = { downloadableFiles, dataFilesHtml, size, byName, URL_DIR };
