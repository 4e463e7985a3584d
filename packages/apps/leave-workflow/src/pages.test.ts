import { expect } from '@esm-bundle/chai';
import { detailPath, formPath, handlePath, PATHS, pageOf } from './pages';

const INSTANCE = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('pageOf: the page a path shows', () => {
  it('serves the app pages and takes its bare prefix for the to-do list', () => {
    expect(pageOf('/leave-workflow/apply/index')).to.deep.equal({ page: 'apply', processDefinitionId: null });
    expect(pageOf('/leave-workflow/todo/index')).to.deep.equal({ page: 'todo' });
    expect(pageOf('/leave-workflow/done/index')).to.deep.equal({ page: 'done' });
    expect(pageOf('/leave-workflow')).to.deep.equal({ page: 'todo' });
    expect(pageOf('/leave-workflow/')).to.deep.equal({ page: 'todo' });
    expect(pageOf('/leave-workflow/todo/index/')).to.deep.equal({ page: 'todo' });
    expect(pageOf('/leave-workflow/done/index?current=2')).to.deep.equal({ page: 'done' });
  });

  it('serves the fixed routes with their parameters', () => {
    expect(pageOf('/work/process/leave/form/leave_process:1:10001')).to.deep.equal({
      page: 'apply',
      processDefinitionId: 'leave_process:1:10001',
    });
    expect(pageOf('/work/process/leave/form/leave_process%3A1%3A10001')).to.deep.equal({
      page: 'apply',
      processDefinitionId: 'leave_process:1:10001',
    });
    expect(pageOf(`/work/process/leave/handle/12/${INSTANCE}/7`)).to.deep.equal({
      page: 'handle',
      taskId: '12',
      processInstanceId: INSTANCE,
      businessId: '7',
    });
    expect(pageOf(`/work/process/leave/detail/${INSTANCE}/7`)).to.deep.equal({
      page: 'detail',
      processInstanceId: INSTANCE,
      businessId: '7',
    });
  });

  it('answers not-found for unknown pages, missing or extra segments and ids of the wrong shape', () => {
    for (const path of [
      '/leave-workflow/apply',
      '/leave-workflow/todo/list',
      '/leave-workflow/nope/index',
      '/leave-workflowx/todo/index',
      '/work/process/leave/form',
      '/work/process/leave/form/not-a-definition',
      '/work/process/leave/form/leave_process:1:10001/extra',
      `/work/process/leave/handle/12/${INSTANCE}`,
      `/work/process/leave/handle/abc/${INSTANCE}/7`,
      `/work/process/leave/handle/0/${INSTANCE}/7`,
      '/work/process/leave/handle/12/bad%20id/7',
      `/work/process/leave/detail/${INSTANCE}`,
      `/work/process/leave/detail/${INSTANCE}/7/8`,
      `/work/process/leave/detail/${INSTANCE}/x`,
      '/work/process/leave/detail/%E0%A4%A/7',
      '/work/process/leave//detail/a/7',
      '/work/process/other/form/leave_process:1:10001',
      '/',
    ]) {
      expect(pageOf(path), path).to.deep.equal({ page: 'not-found' });
    }
  });

  it('builds the paths it serves, and reads them back', () => {
    expect(PATHS.todo).to.equal('/leave-workflow/todo/index');
    expect(formPath('leave_process:1:10001')).to.equal('/work/process/leave/form/leave_process:1:10001');
    const task = { taskId: '12', processInstanceId: INSTANCE, businessId: '7' };
    expect(handlePath(task)).to.equal(`/work/process/leave/handle/12/${INSTANCE}/7`);
    expect(pageOf(handlePath(task))).to.deep.equal({ page: 'handle', ...task });
    expect(detailPath(task)).to.equal(`/work/process/leave/detail/${INSTANCE}/7`);
    expect(pageOf(detailPath(task))).to.deep.equal({
      page: 'detail',
      processInstanceId: INSTANCE,
      businessId: '7',
    });
  });
});
