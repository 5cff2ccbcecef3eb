// The streamline-modes program (companion post on streamline's three modes):
// one source, compiled in callbacks, generators and fibers modes. `world` is
// the harness's (scripts/harness/scenarios/streamline-modes/): world.step
// is a node-style function that answers at once most of the time and waits
// for a real asynchronous primitive every world.modulo-th call. Each step is
// reached through world.depth nested functions that each take `_`, so a
// compiled mode pays its cost at every level, as the callers above an
// asynchronous API do in an application.
function nest(_, world, depth, i) {
    if (depth === 0) return world.step(i, _);
    return nest(_, world, depth - 1, i) + 1;
}

exports.run = function run(world, _) {
    var total = 0;
    for (var i = 0; i < world.loop; i++) total += nest(_, world, world.depth, i);
    return total;
};
