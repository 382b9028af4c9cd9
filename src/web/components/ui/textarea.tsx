export { Textarea } from './input';
