import { registerTexts } from '@ops/shared';
import { UI_NS } from './texts';

/**
 * The texts of the building blocks that load with first use (tables and pagination, image viewer, file
 * preview, line chart), added to the `ui` namespace when the first of them loads. Placeholders use
 * i18next's `{{name}}`; `jumper` places the page box (`{{box}}`) among its words, so each language
 * orders them itself.
 */
const zh = {
  total: '共 {{n}} 条',
  prevPage: '上一页',
  nextPage: '下一页',
  page: '第 {{n}} 页',
  pagination: '分页',
  morePagesBefore: '向前 5 页',
  morePagesAfter: '向后 5 页',
  empty: '暂无数据',
  actions: '操作',
  selectRow: '选择 {{row}}',
  selectAll: '全选本页',
  imageViewer: '图片预览',
  prevImage: '上一张',
  nextImage: '下一张',
  imageCount: '第 {{n}} 张，共 {{total}} 张',
  filePreview: '文件预览',
  prevPdfPage: '上一页',
  nextPdfPage: '下一页',
  pdfPage: '第 {{n}} 页',
  pdfPages: '共 {{n}} 页',
  goToPage: '前往页',
  jumper: '前往{{box}}页',
  pdfLoading: '正在加载文档…',
  pdfFailed: '文档加载失败',
  officeHint: '该文件无法在浏览器中预览，请下载后查看。',
  download: '下载文件',
  downloadFailed: '文件下载失败',
  unsupportedType: '不支持预览该类型的文件（{{ext}}）',
  noExtension: '无扩展名',
  imageFailed: '图片加载失败',
  chart: '折线图',
  saveImage: '保存为图片',
  zoom: '缩放范围',
  zoomStart: '缩放起点',
  zoomEnd: '缩放终点',
  predicted: '预测',
  noData: '暂无数据',
  chartFailed: '图表加载失败',
};

export type UiPartTextKey = keyof typeof zh;

const en: Record<UiPartTextKey, string> = {
  total: 'Total {{n}}',
  prevPage: 'Previous page',
  nextPage: 'Next page',
  page: 'Page {{n}}',
  pagination: 'Pagination',
  morePagesBefore: 'Previous 5 pages',
  morePagesAfter: 'Next 5 pages',
  empty: 'No data',
  actions: 'Actions',
  selectRow: 'Select {{row}}',
  selectAll: 'Select all on this page',
  imageViewer: 'Image preview',
  prevImage: 'Previous image',
  nextImage: 'Next image',
  imageCount: 'Image {{n}} of {{total}}',
  filePreview: 'File preview',
  prevPdfPage: 'Previous page',
  nextPdfPage: 'Next page',
  pdfPage: 'Page {{n}}',
  pdfPages: '{{n}} pages',
  goToPage: 'Go to page',
  jumper: 'Go to {{box}}',
  pdfLoading: 'Loading the document…',
  pdfFailed: 'The document could not be loaded',
  officeHint: 'This file cannot be previewed in the browser. Download it to view it.',
  download: 'Download file',
  downloadFailed: 'The file could not be downloaded',
  unsupportedType: 'Files of this type cannot be previewed ({{ext}})',
  noExtension: 'no extension',
  imageFailed: 'The image could not be loaded',
  chart: 'Line chart',
  saveImage: 'Save as image',
  zoom: 'Zoom range',
  zoomStart: 'Zoom start',
  zoomEnd: 'Zoom end',
  predicted: 'Predicted',
  noData: 'No data',
  chartFailed: 'The chart could not be loaded',
};

export const UI_PART_TEXTS = { zh, en };

registerTexts(UI_NS, UI_PART_TEXTS);
