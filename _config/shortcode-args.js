// Nunjucks hands a shortcode's keyword arguments over as a last object marked
// __keywords: [positional args, keywords].
function splitArgs(args) {
  const last = args[args.length - 1];
  if (last && typeof last === 'object' && last.__keywords) {
    const { __keywords, ...kw } = last;
    return [args.slice(0, -1), kw];
  }
  return [args, {}];
}

module.exports = { splitArgs };
