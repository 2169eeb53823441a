export { AssistantError, assistantMessages } from './errors';
export { offlineAnswer } from './offline';
export { passagesMessage, siteAnswerMessage, SYSTEM_PROMPT } from './prompt';
export { completeChat, type ModelMessage, type ModelReply, streamChat } from './provider';
export { type Passage, searchCourseContent } from './search';
export { mayBeSiteTopic, type SiteTopicSplit, splitSiteTopics } from './topics';
export { assistantSettings, type AssistantSettings, overrideAssistantSettings } from './settings';
