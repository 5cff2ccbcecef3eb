// Test fixtures as posts: ASYNCBENCH_EXTRA_POSTS names a folder whose .md
// files join the build as if they sat in posts/ (same layout, permalink,
// front-matter check and collection). Tests use it to build posts that
// readers must never see (the typesetting check, a draft); the production
// build leaves it unset and so never reads test/.
const fs = require('node:fs');
const path = require('node:path');

module.exports = function (eleventyConfig) {
  const dir = process.env.ASYNCBENCH_EXTRA_POSTS;
  if (!dir) return;
  let names;
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.md'));
  } catch (err) {
    throw new Error(`ASYNCBENCH_EXTRA_POSTS=${dir}: cannot read the folder (${err.code}). Point it at a folder of .md posts or unset it.`);
  }
  for (const name of names) {
    if (fs.existsSync(path.join('posts', name))) {
      throw new Error(`ASYNCBENCH_EXTRA_POSTS: ${path.join(dir, name)} has the same name as posts/${name}; rename the fixture.`);
    }
    eleventyConfig.addTemplate(`posts/${name}`, fs.readFileSync(path.join(dir, name), 'utf8'));
  }
};
