import EntityCreate from '../generic/EntityCreate';
import { TemplatePreview } from './TemplatePreview';

/** A text template, with its placeholders at hand and a preview filled with a real customer. */
export default function TextTemplateCreate() {
  return <EntityCreate after={<TemplatePreview />} />;
}
