import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useToast } from '../../components/toast/ToastContext';

/**
 * Spec part 3: a booking request arrives as a toast of type booking whose action opens the
 * requests. The requester hears the answer the same way, once the host accepts or declines.
 */
export function useBookingToast(openBookingRequests: () => void): void {
  const toast = useToast();
  useRealtimeEvent('new-booking-request', (request) => {
    const who = request.requestedBy ? `@${request.requestedBy.user_username}` : 'Unknown User';
    toast.show({
      type: 'booking',
      message: `New booking request from ${who}`,
      action: { label: 'View', onClick: openBookingRequests },
    });
  });
  useRealtimeEvent('booking-answered', (booking) => {
    const who = booking.host ? `@${booking.host.user_username}` : 'Unknown Host';
    const answer = booking.status === 'accepted' ? 'accepted' : 'declined';
    toast.show({
      type: 'booking',
      message: `Booking request ${answer} by ${who}`,
      action: { label: 'View', onClick: openBookingRequests },
    });
  });
}
