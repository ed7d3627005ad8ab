// The Chakra components slices may use. Chakra is not shared as a whole package: its full index
// (every component and recipe) was the largest file of the front page. Slices import these from
// 'shared-kernel/ui', the shell provides that module once, and the build keeps only what is listed
// here. To use another Chakra component, add it here and its recipe in ./system.ts. Dialogs,
// accordions and tabs live in shared-kernel/overlays, off the first paint.
export {
  Badge,
  Box,
  Breadcrumb,
  Button,
  Checkbox,
  CloseButton,
  Field,
  Flex,
  Grid,
  HStack,
  Heading,
  IconButton,
  Image,
  Input,
  Link,
  LinkBox,
  LinkOverlay,
  List,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Span,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps, TextProps } from '@chakra-ui/react';
