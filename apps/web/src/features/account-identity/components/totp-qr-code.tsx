import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The `otpauth://` address as a QR code for the authenticator app's camera. The QR library loads
 * when this step opens, not with account settings.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((src) => {
        if (isCurrent) setImage({ uri, src });
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [uri]);

  if (failed) {
    return (
      <p className="text-sm text-muted-foreground">
        The QR code could not be drawn; type the key below into your app instead.
      </p>
    );
  }
  if (!image || image.uri !== uri) return <Skeleton className="size-48" />;
  return (
    <img
      src={image.src}
      width={192}
      height={192}
      alt="QR code for your authenticator app"
      className="rounded-md border border-border bg-white"
    />
  );
}
