import { useShellTranslate } from '../i18n/translate';

/** The page footer of the shell pages (the hosted footer front-end replaces it later). */
export function ShellFooter({ productName }: { productName: string }) {
  const translate = useShellTranslate();
  return (
    <footer className="shell-footer">
      <p>{translate('app.footer.copyright', { year: new Date().getFullYear(), product: productName })}</p>
    </footer>
  );
}
