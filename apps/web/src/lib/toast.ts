import { toast } from 'react-toastify';
import { requestToastContainer } from '../components/ui/toast-host';

// Screens import toast from here, not from react-toastify: loading a screen that can toast is
// what mounts the container (components/ui/toast-host.tsx).
requestToastContainer();

export { toast };
