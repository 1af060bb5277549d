import type { ExternalToast, toast as sonnerToast } from 'sonner';

type ToastMessage = Parameters<typeof sonnerToast>[0];

// The toast library (about 9 KB gzipped) loads with the first toast, not with the pages that
// may show one: the Toaster (app/providers.tsx) loads after the page, and sonner shows a
// toast raised before it mounts as soon as it does.
const loadToast = () => import('sonner').then((module) => module.toast);

function show(message: ToastMessage, data?: ExternalToast): void {
  void loadToast().then((toast) => toast(message, data));
}

/** Sonner's `toast`, `toast.success` and `toast.error`, loading the library on first use. */
export const toast = Object.assign(show, {
  success(message: ToastMessage, data?: ExternalToast): void {
    void loadToast().then((toast) => toast.success(message, data));
  },
  error(message: ToastMessage, data?: ExternalToast): void {
    void loadToast().then((toast) => toast.error(message, data));
  },
});
