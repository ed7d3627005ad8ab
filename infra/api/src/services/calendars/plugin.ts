import fp from 'fastify-plugin';
import { CalendarService } from '.';

export const calendarService = fp(
  async (app) => {
    app.decorate(
      'calendarService',
      new CalendarService(
        app.calendarRepository,
        { apiPublicUrl: app.config.apiPublicUrl, allowLocalFeeds: app.config.allowLocalCalendarFeeds },
        app.log,
      ),
    );
  },
  { name: 'calendar-service', dependencies: ['repositories'] },
);
