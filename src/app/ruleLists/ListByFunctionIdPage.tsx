import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { pluginByFunctionId } from '../../../plugins/lookup';
import type { RuleListPlugin } from '../../../plugins/types';
import { PageFrame } from '../admin/PageFrame';
import { ErrorPage } from '../errors/ErrorPage';
import { RuleListScope } from './RuleListScope';
import { listLabel } from './useRuleLists';
import { useLanguage } from '../routing/useLanguage';
import { parseFunctionId } from '../routing/guard';

export interface ListByFunctionIdPageProps {
  /** i18n key of the page title; it gets the list's label as `list`. */
  title: string;
  /** The resource the page works on; the list's name unless told. */
  resource?: (plugin: RuleListPlugin) => string;
  children: (plugin: RuleListPlugin) => ReactNode;
}

/**
 * A page about the list whose function id is in the path (`userlog/{functionId}`,
 * `adminlistimport/{functionId}`): an id no list has is "page not found".
 */
export function ListByFunctionIdPage({ title, resource = (plugin) => plugin.name, children }: ListByFunctionIdPageProps) {
  const translate = useTranslate();
  const { functionId } = useParams();
  const lang = useLanguage();
  const id = parseFunctionId(functionId);
  const plugin = id === undefined ? undefined : pluginByFunctionId(id);
  if (!plugin) return <ErrorPage code="404" lang={lang} />;
  return (
    <PageFrame title={translate(title, { list: listLabel(translate, plugin) })}>
      <RuleListScope resource={resource(plugin)}>{children(plugin)}</RuleListScope>
    </PageFrame>
  );
}
