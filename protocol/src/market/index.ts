export * from './offers.js';
export * from './availability.js';
export * from './search.js';
export * from './bookings.js';
export * from './reviews.js';
export * from './market-routes.js';
export * from './booking-room.js';
