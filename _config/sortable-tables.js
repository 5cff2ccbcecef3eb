'use strict';
// The scripts of sortable data tables ({% dataTable "costPerCall", n=1000,
// sortable=true %}: site/render/table-sort.js, assets/js/sortable-table.js),
// on the pages whose content holds such a table and no other, so the article
// and the pages without one fetch nothing more. The layout asks, in order:
//   {%- for src in content | tableScripts %}<script src="{{ src | fingerprint }}" defer></script>{%- endfor %}
const SCRIPTS = [
  '/assets/js/cost-format.js', // window.costFormat, which the next one writes numbers with
  '/assets/js/sortable-table.js',
];

module.exports = function (eleventyConfig) {
  eleventyConfig.addFilter('tableScripts', (content) => (/<table data-sortable[\s>]/.test(String(content || '')) ? SCRIPTS : []));
};
