/** What the business pages place: the owner's carbon panel (MyBusinessAccountPage). */
export { BusinessCarbonPanel } from './components/BusinessCarbonPanel.tsx';
export { SaveToBusinessButton } from './components/SaveToBusinessButton.tsx';
