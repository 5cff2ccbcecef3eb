// Site-wide metadata, available in templates as `site`. Kept out of data/
// because data/ holds only what scripts/ generate.
//
// Netlify sets URL at build time; SITE_URL overrides it for other hosts.
const url = (process.env.SITE_URL || process.env.URL || 'https://asyncbench.netlify.app').replace(/\/$/, '');
// Where readers clone the code and data to rerun a figure ("Run it yourself");
// a fork that publishes its own site sets ASYNCBENCH_REPOSITORY.
const repository = (process.env.ASYNCBENCH_REPOSITORY || 'https://github.com/asyncbench/asyncbench').replace(/\/$/, '');

module.exports = function (eleventyConfig) {
  eleventyConfig.addGlobalData('site', {
    title: 'asyncbench',
    tagline: 'Measuring asynchronous patterns in JavaScript, reproducibly',
    description:
      'Benchmarks and analysis of callbacks, promises, generators and async functions in Node.js, with the code and data to rerun every number.',
    url,
    repository,
    language: 'en',
    author: 'asyncbench authors',
  });
};
