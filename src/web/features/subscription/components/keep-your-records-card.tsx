import { Download, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { useLogout } from '../../auth/api';
import { downloadAlbumsCsv, EXPORT_TOASTS } from '../../export/export-csv';

/**
 * For a user whose access has stopped: their records are still theirs. The CSV export stays open to
 * gated users on purpose (nobody's own data is held back), and signing out must not need a payment.
 */
export function KeepYourRecordsCard() {
  const logout = useLogout();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAlbumsCsv(null);
      toast({ ...EXPORT_TOASTS.success, variant: 'success' });
    } catch {
      toast({ ...EXPORT_TOASTS.failure, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your records stay yours</CardTitle>
        <CardDescription>Download every album you have catalogued as a spreadsheet, whether or not you subscribe.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:flex sm:flex-wrap">
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          <Download aria-hidden />
          Download my albums (CSV)
        </Button>
        <Button variant="ghost" onClick={() => logout.mutate()} loading={logout.isPending}>
          <LogOut aria-hidden />
          Log out
        </Button>
      </CardContent>
    </Card>
  );
}
