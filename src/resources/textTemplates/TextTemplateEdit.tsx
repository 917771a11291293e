import EntityEdit from '../generic/EntityEdit';
import { TemplatePreview } from './TemplatePreview';

/** A text template, with its placeholders at hand and a preview filled with a real customer. */
export default function TextTemplateEdit() {
  return <EntityEdit after={<TemplatePreview />} />;
}
