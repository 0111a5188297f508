/** ?panel=booking-requests opens the Booking Requests modal (from the tab, or a booking toast). */
export const PANEL_PARAM = 'panel';
export const BOOKINGS_PANEL = 'booking-requests';
