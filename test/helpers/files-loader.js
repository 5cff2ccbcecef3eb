'use strict';
// A loader over hand-made data files, in the shape of the build's one loader
// (site/lib/data-files.js): name -> { shown, data }; a name it lacks is missing.
function filesLoader(files) {
  const load = (name) => {
    if (!files[name]) throw new Error(`data/${name}.json: missing`);
    return { shown: `data/${name}.json`, data: files[name] };
  };
  load.has = (name) => name in files;
  return load;
}

module.exports = { filesLoader };
