// The same two reads with promises: each step returns the next promise, and a
// single catch at the end sees a failure from any step.
'use strict';
const { getP } = require('./lib/store');

function countOrders(userKey) {
  let user;
  return getP(userKey)
    .then((found) => {
      user = found; // kept for the last step, which only sees the orders
      return getP(`orders:${user.id}`);
    })
    .then((orders) => `${user.name} has ${orders.length} orders`);
}

countOrders('user:ada')
  .then(console.log)
  .then(() => countOrders('user:bob'))
  .catch((err) => console.log(`failed: ${err.message}`));

// Output:
// Ada has 2 orders
// failed: no row under "user:bob"
