import { type OrderStatus, orderStatusLabels, statusTone } from './admin-orders';
import { Badge } from '../../components/ui/Badge';

/** An order's status in Norwegian ('Betalt', 'Delvis refundert', …) as a badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={statusTone(status)} data-status={status}>
      {orderStatusLabels[status]}
    </Badge>
  );
}
