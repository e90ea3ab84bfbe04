import { useServices } from '../services';
import { useShellTranslate } from '../i18n/translate';
import { ShellFooter } from '../shell/ShellFooter';

/** A blank (frameless) public page: title and one paragraph, optionally the footer. */
export function BlankInfoPage({ title, text, footer = false }: { title: string; text?: string; footer?: boolean }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  return (
    <div className="blank-page">
      <main className="blank-page-main">
        <h1>{translate(title)}</h1>
        {text && <p>{translate(text)}</p>}
      </main>
      {footer && <ShellFooter productName={config.productName || translate('app.productFallback')} />}
    </div>
  );
}
