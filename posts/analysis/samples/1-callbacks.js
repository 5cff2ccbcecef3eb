// Two reads, the second needing the first's result, with node-style
// callbacks: each step runs inside the callback of the step before it.
'use strict';
const { get } = require('./lib/store');

function countOrders(userKey, done) {
  get(userKey, (err, user) => {
    if (err) return done(err);
    get(`orders:${user.id}`, (err, orders) => {
      if (err) return done(err);
      done(null, `${user.name} has ${orders.length} orders`);
    });
  });
}

countOrders('user:ada', (err, text) => {
  console.log(err ? `failed: ${err.message}` : text);
  countOrders('user:bob', (err, text) => {
    console.log(err ? `failed: ${err.message}` : text);
  });
});

// Output:
// Ada has 2 orders
// failed: no row under "user:bob"
